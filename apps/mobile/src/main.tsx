import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { appEn, type AppMessages } from '@carewatch/i18n/app-en';
import { appEnCa } from '@carewatch/i18n/app-en-ca';
import { appVi } from '@carewatch/i18n/app-vi';

const CATALOGUES: Record<string, AppMessages> = { en: appEn, 'en-CA': appEnCa, vi: appVi };
const LABELS: Record<string, string> = { en: 'English', 'en-CA': 'English (Canada)', vi: 'Tiếng Việt' };

/** Placeholder shell until the patient-app issue: says what it is and links to the portal. */
function Shell() {
  const [lang, setLang] = useState(() => localStorage.getItem('cw.app.lang') ?? 'en');
  const m = CATALOGUES[lang] ?? appEn;
  return (
    <main lang={lang} style={{ fontFamily: 'system-ui, sans-serif', padding: 24, maxWidth: 480, margin: '0 auto' }}>
      <h1>{m.shell.title}</h1>
      <p>{m.shell.tagline}</p>
      <p>{m.shell.comingSoon}</p>
      <p><a href="/">{m.shell.openPortal}</a></p>
      <label>
        {m.shell.language}{' '}
        <select value={lang} onChange={(e) => { setLang(e.target.value); localStorage.setItem('cw.app.lang', e.target.value); }}>
          {Object.keys(CATALOGUES).map((k) => <option key={k} value={k}>{LABELS[k]}</option>)}
        </select>
      </label>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><Shell /></StrictMode>);
