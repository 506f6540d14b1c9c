import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../features/marketing';
import { labels } from '../lib/messages';

const sections: LegalSection[] = [
  {
    heading: 'Information We Collect',
    body: (
      <>
        <Text>We collect only what we need to run Legacy Locker:</Text>
        <List spacing={4}>
          <List.Item>account details: your name, e-mail address and password (stored as a secure hash);</List.Item>
          <List.Item>athlete profile details you enter, such as sports, position, school and graduation year;</List.Item>
          <List.Item>content you add: journal entries, photos, videos, milestones and statistics;</List.Item>
          <List.Item>basic technical data, such as log entries and a session cookie that keeps you signed in.</List.Item>
        </List>
      </>
    ),
  },
  {
    heading: 'How We Use Information',
    body: (
      <Text>
        We use your information to provide the service: to store and organise your athlete’s journey, to create
        AI-generated summaries and highlights for you, to share content with the people you invite, and to contact you
        about your account. We do not sell personal information, and we do not use it for advertising.
      </Text>
    ),
  },
  {
    heading: 'Sharing and the Family Circle',
    body: (
      <Text>
        Content is private to your account by default. It is shown to family members, coaches or friends only when you
        invite them to your family circle or create a share link. We share information with service providers (such as
        hosting and payment processing) only as needed to run Legacy Locker, or when the law requires it.
      </Text>
    ),
  },
  {
    heading: 'Data Storage and Security',
    body: (
      <Text>
        We store data with reputable hosting providers in the United States, encrypt it in transit, and limit access to
        the few people who need it to operate the service. No system is perfectly secure, so please use a strong,
        unique password.
      </Text>
    ),
  },
  {
    heading: 'Your Choices and Rights',
    body: (
      <Text>
        You can view and update your account and profile details at any time, change who is in your family circle,
        download your content, and ask us to delete your account. To make a request, contact us using the details
        below.
      </Text>
    ),
  },
  {
    heading: 'Children’s Privacy',
    body: (
      <>
        <Text>
          Legacy Locker is intended for parents and guardians, who create and manage accounts on behalf of youth
          athletes. We do not knowingly collect personal information from children under 13 without verifiable parental
          consent.
        </Text>
        <Text>
          If you believe a child under 13 has given us personal information without a parent’s or guardian’s consent,
          please contact us and we will delete it.
        </Text>
      </>
    ),
  },
  {
    heading: 'Data Retention',
    body: (
      <Text>
        We keep your information for as long as your account is open. When you delete your account, we delete your
        content within a reasonable period, except where we must keep limited records to meet legal obligations.
        Copies in our backups, kept so that an accident never loses a family&apos;s legacy, are removed within 30
        days of a deletion.
      </Text>
    ),
  },
  {
    heading: 'Changes to This Policy',
    body: (
      <Text>
        We may update this policy as Legacy Locker grows. We will post the new version here with a new effective date
        and, for material changes, tell you by e-mail or in the app.
      </Text>
    ),
  },
  {
    heading: 'Contact Us',
    body: (
      <Text>
        Questions or requests about your privacy? E-mail{' '}
        <Anchor href={`mailto:${labels.supportEmail}`}>{labels.supportEmail}</Anchor> or use our{' '}
        <Anchor component={Link} to="/contact">contact form</Anchor>.
      </Text>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      meta={[`Effective date: ${labels.privacyEffective}`, `Last updated: ${labels.privacyEffective}`]}
      intro="This policy explains what information Legacy Locker collects, how we use it, and the choices you have. Legacy Locker is intended for parents and guardians of youth and student athletes."
      sections={sections}
    />
  );
}
