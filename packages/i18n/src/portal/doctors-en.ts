/** Portal catalogue, domain "doctors" (English): directory, profile, medical licences, doctor and patient requests. */
export const doctorsEn = {
  nav: { directory: 'Doctor directory', doctorRequests: 'Doctor requests', patientRequests: 'Patient requests' },
  directory: {
    title: 'Doctor directory',
    subtitle: 'Doctors of your health centers with their specialties, branch and profile.',
    name: 'Name', specialty: 'Specialty', center: 'Branch', all: 'All', degree: 'Degree', type: 'Role', cost: 'Examination cost', experience: 'Experience',
    years: '{{count}} years', table: 'Doctors', empty: 'No doctor matches these filters.', open: 'Open the profile of {{name}}', total: '{{count}} doctors',
    myProfile: 'My doctor profile', previous: 'Previous page', next: 'Next page', page: 'Page {{page}} of {{pages}}',
  },
  profile: {
    back: 'Back to the directory', notFound: 'This doctor does not exist or is not within your reach.', edit: 'Edit profile', save: 'Save profile',
    cancel: 'Cancel', saved: 'Profile saved', branch: 'Branch', email: 'E-mail', phone: 'Phone', office: 'Office', introduction: 'Introduction',
    education: 'Place of education', none: '—', avatar: 'Photo of {{name}}',
  },
  licenses: {
    title: 'Medical licenses', expiredRefused: 'An expired licence cannot be added.', loadFailed: 'Medical licenses could not be loaded.',
  },
  requests: {
    doctorTitle: 'Doctor requests',
    doctorSubtitle: 'Asking a doctor to take a patient as family doctor or specialist: requests you sent, and those you received as a doctor.',
    patientTitle: 'Patient requests',
    patientSubtitle: 'Requests between you and patients: patients who asked you in the app, and patients you asked.',
    tabs: 'Request lists', sent: 'Sent', received: 'Received', statusFilter: 'Status', all: 'All',
    patient: 'Patient', doctor: 'Doctor', kind: 'Type', status: 'Status', requestedBy: 'Requested by', createdAt: 'Sent at', actions: 'Actions',
    kinds: { family_doctor: 'Family doctor', specialist: 'Specialist' },
    statuses: { pending: 'Pending', accepted: 'Accepted', rejected: 'Rejected', cancelled: 'Canceled', removed: 'Ended' },
    accept: 'Accept', reject: 'Reject', cancel: 'Cancel request',
    acceptLabel: 'Accept the request for {{patient}}', rejectLabel: 'Reject the request for {{patient}}', cancelLabel: 'Cancel the request for {{patient}}',
    empty: 'No request here.', accepted: 'Request accepted', rejected: 'Request rejected', cancelled: 'Request canceled',
    confirmTitle: 'Accept this request?',
    confirmReplace: '{{patient}} already has a doctor. Accepting unassigns {{doctors}}, and you become the family doctor.',
    confirmPlain: 'You become the {{kind}} of {{patient}}.',
    confirm: 'Accept', back: 'Back',
    newDoctor: 'New doctor request', newPatient: 'Ask a patient',
    newDoctorTitle: 'Ask a doctor to take a patient', newPatientTitle: 'Ask a patient to become their doctor',
    patientSearch: 'Patient', patientPlaceholder: 'Type a name, code or phone', doctorPick: 'Doctor', specialty: 'Specialty', send: 'Send request', sentOk: 'Request sent',
  },
};
