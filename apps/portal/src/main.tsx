import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { reloadOnNewBuild, renderWhenReady } from '@carewatch/web/boot';
import { initI18n } from './app/i18n.ts';
import { App } from './app/app.tsx';

reloadOnNewBuild();

renderWhenReady(initI18n(), <App />);
