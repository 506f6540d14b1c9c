import { apiRequest } from '../../lib/api';

export interface ContactInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** POST /api/contact: 201 `{message}` once stored, 400 with field errors. */
export const sendContactMessage = (input: ContactInput) => apiRequest<{ message: string }>('POST', '/api/contact', input);
