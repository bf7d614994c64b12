/** Patient app: "Add doctor" search (English): by id, e-mail, name, specialty, address, or near me. */
export const appDoctorsEn = {
  search: {
    title: 'Find a doctor',
    label: 'Search doctors',
    placeholder: 'ID, e-mail, name, specialty or address',
    hint: 'Search by ID, e-mail, name, specialty or address, or find doctors near you.',
    submit: 'Search',
    nearMe: 'Near me',
    locating: 'Finding your location…',
    denied: 'Location is not available. Allow location access to find doctors near you, or search by name.',
    unsupported: 'This device cannot share its location. Search by name instead.',
    results: 'Doctors found',
    nearResults: 'Doctors near you, nearest first',
    empty: 'No doctor matches your search.',
    distance: '{{km}} km away',
    cost: 'Examination fee: {{cost}}',
    experience: '{{count}} years of experience',
    askFamily: 'Ask as family doctor',
    askSpecialist: 'Ask as specialist',
    askFamilyLabel: 'Ask {{name}} to be your family doctor',
    askSpecialistLabel: 'Ask {{name}} to be your specialist',
    specialtyFor: 'Specialty for {{name}}',
    send: 'Send request',
    byPhone: 'Or add a doctor by phone number',
    types: { family: 'Family doctor', specialist: 'Specialist' },
  },
};
export type AppDoctorsMessages = typeof appDoctorsEn;
