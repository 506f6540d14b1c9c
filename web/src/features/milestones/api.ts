import { apiRequest } from '../../lib/api';
import type { Reactions } from '../responses';

// Types and calls for milestones, as written in docs/API.md.

export type MilestoneType = 'achievement' | 'recruiting' | 'other';

export interface Milestone {
  id: number;
  title: string;
  /** YYYY-MM-DD. */
  date: string;
  type: MilestoneType;
  description: string;
  /** The family's comments on it (features/responses); absent from answers of before comments: none. */
  commentCount?: number;
  /** The family's reactions and the caller's own; absent: none. */
  reactions?: Reactions;
}

/** What a milestone is saved with: its own fields, not the family's responses to it. */
export type MilestoneInput = Omit<Milestone, 'id' | 'commentCount' | 'reactions'>;

export const milestoneUrls = {
  list: (athleteId: number) => `/api/athletes/${athleteId}/milestones`,
  item: (id: number) => `/api/milestones/${id}`,
} as const;

export const createMilestone = (athleteId: number, input: MilestoneInput) =>
  apiRequest<Milestone>('POST', milestoneUrls.list(athleteId), input);
export const updateMilestone = (id: number, input: MilestoneInput) =>
  apiRequest<Milestone>('PUT', milestoneUrls.item(id), input);
export const deleteMilestone = (id: number) => apiRequest<void>('DELETE', milestoneUrls.item(id));
