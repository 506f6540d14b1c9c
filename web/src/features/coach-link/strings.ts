// The coach's page of a recruiting link.
export const coachPageText = {
  loading: 'Loading the athlete',
  goneTitle: 'This link is no longer active',
  gone: 'It expired or the family turned it off. Ask them for a new one.',
  notFoundTitle: 'Link not found',
  notFound: 'Check the address, or ask the family for a new link.',
  failed: 'The page could not be loaded. Please try again.',
  preparedFor: (coach: string, college: string) => `Prepared for ${coach}, ${college}`,
  classOf: (year: number) => `Class of ${year}`,
  clips: 'Clips',
  academics: 'Academics',
  measurables: 'Measurables',
  gpa: 'GPA',
  stats: 'Stats',
  events: 'Where to see them play',
  contact: 'Contact',
  expires: (date: string) => `This link was made for you and expires ${date}.`,
};
