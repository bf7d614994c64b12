/** Patient app: coach and doctor dashboards, sport profile (English, US). Wired into `en.ts` as `dashboards`. */
export const appDashboardsEn = {
  coach: {
    title: 'My team',
    intro: 'The players who joined your team. Tap a player to see their data (read only).',
    players: 'Players',
    empty: 'No player has joined your team yet. A player joins by sending you a coach request from Contacts.',
    noTeam: 'No team name set',
    rank: 'Rank: {{rank}}',
    skill: 'Skill: {{skill}}',
    week: 'Last 7 days',
    teamWeek: 'Team, last 7 days',
    noSession: 'No session in the last 7 days',
  },
  doctor: {
    title: 'My patients',
    intro: 'Your patients, most urgent first. Tap a patient to see their data (read only).',
    empty: 'You have no patients yet.',
    code: 'Code {{code}}',
    total: 'Patients: {{count}}',
    more: 'Show more',
  },
  load: {
    sessions: 'Sessions: {{count}}',
    duration: '{{h}} h {{m}} min',
    distanceKm: '{{value}} km',
    distanceMi: '{{value}} mi',
    calories: '{{value}} kcal',
  },
  alerts: 'Open alerts: {{count}}',
  view: 'View {{name}}',
  back: 'Back to the list',
  join: {
    title: 'Join a coach',
    intro:
      'Ask your coach to add you to their team: enter the phone number of their CareWatch account. Once they accept, they see your sport sessions, alerts and last readings.',
    phone: "Coach's phone number",
    submit: 'Send request',
    open: 'Join a coach',
  },
  profile: {
    title: 'Sport profile',
    intro: 'Your team, club, rank and skill, shown to your coach.',
    teamName: 'Team name',
    clubName: 'Club',
    rank: 'Rank',
    skill: 'Skill',
    save: 'Save',
    saved: 'Sport profile saved',
    open: 'Sport profile',
  },
};
export type AppDashboardsMessages = typeof appDashboardsEn;
