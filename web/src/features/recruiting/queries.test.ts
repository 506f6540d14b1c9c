import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../lib/pages';
import * as api from './api';
import { keepCollegeCard } from './queries';

const college: api.CollegeInterest = {
  id: 7,
  name: 'State University',
  division: 'D1',
  location: '',
  interest: 5,
  status: 'contacted',
  notes: '',
  coachContact: '',
  nextFollowUpOn: null,
};
const contact: api.CollegeContact = { id: 1, collegeInterestId: 7, name: 'Coach Diaz', role: 'Head coach', email: '', phone: '' };
const entry = { id: 3, collegeInterestId: 7, contactId: null, kind: 'call', date: '2026-03-02', note: '', createdAt: '2026-03-02T12:00:00Z' } as api.Outreach;

describe('keepCollegeCard', () => {
  it("keeps a row's contacts, first log page and links as the card's queries' answers, and answers the college alone", () => {
    const client = new QueryClient();
    const link = { id: 9 } as api.CoachLink;
    const kept = keepCollegeCard(client, { ...college, contacts: [contact], outreach: { items: [entry], nextCursor: 'next' }, links: [link] });

    expect(kept).toEqual(college);
    expect(client.getQueryData([api.outreachUrls.contacts(7)])).toEqual([contact]);
    expect(client.getQueryData<InfiniteData<Page<api.Outreach>>>([api.outreachUrls.log(7), 'pages'])).toEqual({
      pages: [{ items: [entry], next: 'next' }],
      pageParams: [{ cursor: null, limit: api.OUTREACH_FIRST_PAGE }],
    });
    expect(client.getQueryData([api.coachLinkUrls.list(7)])).toEqual([link]);
  });

  it('leaves a card query that has an answer, and the links of one who may not edit', () => {
    const client = new QueryClient();
    const newer = { ...contact, name: 'Coach Maria Diaz' };
    client.setQueryData([api.outreachUrls.contacts(7)], [newer]);
    keepCollegeCard(client, { ...college, contacts: [contact], outreach: { items: [], nextCursor: null }, links: null });

    expect(client.getQueryData([api.outreachUrls.contacts(7)])).toEqual([newer]);
    expect(client.getQueryData([api.coachLinkUrls.list(7)])).toBeUndefined();
    expect(client.getQueryData<InfiniteData<Page<api.Outreach>>>([api.outreachUrls.log(7), 'pages'])?.pages).toEqual([{ items: [], next: null }]);
  });
});
