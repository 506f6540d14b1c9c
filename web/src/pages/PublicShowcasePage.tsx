import { Container, Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { ApiError } from '../lib/api';
import { PublicAchievementView, PublicAthleteView, usePublicAchievement, usePublicAthlete } from '../features/showcase';
import { NotFoundPage } from './NotFoundPage';

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** /a/{slug}: the athlete's public page. An unknown or unpublished slug is the 404 page. */
export function PublicShowcasePage() {
  const { slug = '' } = useParams();
  const page = usePublicAthlete(slug);
  if (notFound(page.error)) return <NotFoundPage />;
  return (
    <Container size="lg" py="xl" px={{ base: 'sm', sm: 'md' }}>
      {page.data ? <PublicAthleteView slug={slug} athlete={page.data} /> : <Skeleton height={320} />}
    </Container>
  );
}

/** /a/{slug}/achievements/{id}: one shared achievement. */
export function PublicAchievementPage() {
  const { slug = '', achievementId = '' } = useParams();
  const page = usePublicAchievement(slug, achievementId);
  if (notFound(page.error)) return <NotFoundPage />;
  return (
    <Container size="sm" py="xl" px={{ base: 'sm', sm: 'md' }}>
      {page.data ? <PublicAchievementView slug={slug} data={page.data} /> : <Skeleton height={480} />}
    </Container>
  );
}
