import { apiRequest } from '../../lib/api';

export interface WaitlistInput {
  email: string;
}

/** POST /api/waitlist: 201 `{message}`, 400 on a bad address, 409 "Email already in waitlist". */
export const joinWaitlist = (input: WaitlistInput) => apiRequest<{ message: string }>('POST', '/api/waitlist', input);
