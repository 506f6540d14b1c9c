import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../features/marketing';
import { labels } from '../lib/messages';

const sections: LegalSection[] = [
  {
    heading: 'Acceptance of Terms',
    body: (
      <Text>
        By creating an account or using Legacy Locker, you agree to these Terms of Service and to our{' '}
        <Anchor component={Link} to="/privacy">Privacy Policy</Anchor>. If you do not agree, please do not use the service.
      </Text>
    ),
  },
  {
    heading: 'Use License',
    body: (
      <Text>
        We grant you a personal, non-exclusive, non-transferable and revocable licence to use Legacy Locker to keep a
        record of your family’s athletic journey. You may not copy, resell or reverse-engineer the service, or use it to
        build a competing product.
      </Text>
    ),
  },
  {
    heading: 'Accounts',
    body: (
      <Text>
        Accounts are held by a parent, legal guardian or an athlete who is old enough to agree to these terms. You are
        responsible for keeping your password confidential and for everything that happens under your account. Tell us
        straight away if you believe someone else has accessed it.
      </Text>
    ),
  },
  {
    heading: 'User Content',
    body: (
      <Text>
        You keep ownership of the journal entries, photos, videos and other content you upload. You give us only the
        permission we need to store, process and display that content to you and to the people you choose to share it
        with, including creating AI-generated summaries and highlights. You confirm you have the right to upload it.
      </Text>
    ),
  },
  {
    heading: 'Privacy',
    body: (
      <Text>
        Your privacy and your athlete’s privacy matter to us. How we collect, use and protect personal information is
        described in our <Anchor component={Link} to="/privacy">Privacy Policy</Anchor>, which forms part of these terms.
      </Text>
    ),
  },
  {
    heading: 'Prohibited Uses',
    body: (
      <>
        <Text>You agree not to:</Text>
        <List spacing={4}>
          <List.Item>upload content that is unlawful, harassing, or that you do not have the right to share;</List.Item>
          <List.Item>share another person’s information or images without their (or their guardian’s) permission;</List.Item>
          <List.Item>try to access accounts, family circles or data that are not yours;</List.Item>
          <List.Item>disrupt, overload or attempt to break the security of the service.</List.Item>
        </List>
      </>
    ),
  },
  {
    heading: 'Service Modification',
    body: (
      <Text>
        Legacy Locker is in early access and will keep changing. We may add, change or remove features, and we will give
        reasonable notice before removing anything that affects the content you have stored.
      </Text>
    ),
  },
  {
    heading: 'Termination',
    body: (
      <Text>
        You may close your account at any time. We may suspend or close accounts that break these terms. When an account
        is closed, we will give you a reasonable opportunity to download your content before it is deleted, unless the
        law prevents us from doing so.
      </Text>
    ),
  },
  {
    heading: 'Limitation of Liability',
    body: (
      <Text>
        The service is provided “as is”. To the fullest extent the law allows, Legacy Locker is not liable for indirect,
        incidental or consequential damages, or for lost data or lost opportunities, arising from your use of the
        service. We do not guarantee any recruiting or athletic outcome.
      </Text>
    ),
  },
  {
    heading: 'Governing Law',
    body: (
      <Text>
        These terms are governed by the laws of the United States, without regard to conflict-of-law principles.
      </Text>
    ),
  },
  {
    heading: 'Changes to Terms',
    body: (
      <Text>
        We may update these terms from time to time. When we make a material change we will tell you by e-mail or in the
        app before it takes effect. Continuing to use Legacy Locker after that means you accept the updated terms.
      </Text>
    ),
  },
  {
    heading: 'Contact',
    body: (
      <Text>
        Questions about these terms? E-mail us at <Anchor href={`mailto:${labels.supportEmail}`}>{labels.supportEmail}</Anchor>{' '}
        or use our <Anchor component={Link} to="/contact">contact form</Anchor>.
      </Text>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      meta={[]}
      intro="These terms explain the rules for using Legacy Locker, a private legacy journal and recruiting tracker for youth athletes and their families. Please read them carefully."
      sections={sections}
    />
  );
}
