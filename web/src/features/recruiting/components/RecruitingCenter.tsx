import { Button, Grid, Skeleton, Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { IconDownload } from '@tabler/icons-react';
import { AthleteContent } from '../../../components/AthleteContent';
import { AthletePageHeader } from '../../../components/AthletePageHeader';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { useEveryPage } from '../../../lib/pages';
import { calendarExportUrl } from '../api';
import { useChecklistQuery, useCollegesQuery, useRecruitingCalendarQuery } from '../queries';
import { recruitingText as t } from '../strings';
import { CalendarSubscription } from './CalendarSubscription';
import { CollegeInterests } from './CollegeInterests';
import { NcaaTimeline } from './NcaaTimeline';
import { RecruitingChecklist } from './RecruitingChecklist';
import { RecruitingSidebar } from './RecruitingSidebar';

const TABS = ['timeline', 'colleges', 'checklist'];

/** /recruiting: the NCAA timeline, college interests and checklist tabs, and the sidebar computed from them. */
export function RecruitingCenter() {
  const current = useCurrentAthlete();
  const athlete = current.athlete;
  // ?tab=colleges opens a tab directly (the dashboard's follow-ups link to a college's row).
  const [search] = useSearchParams();
  const tab = search.get('tab');
  const canEdit = athlete?.permissions.edit ?? false;
  const calendar = useRecruitingCalendarQuery(athlete?.id);
  const colleges = useCollegesQuery(athlete?.id);
  // The sidebar counts every college (contacted, offers): the center reads the whole list.
  useEveryPage(colleges);
  const checklist = useChecklistQuery(athlete?.id);
  const loading = calendar.isLoading || colleges.isLoading || (colleges.hasNextPage && !colleges.isError) || checklist.isLoading;
  const failed = calendar.isError || colleges.isError || checklist.isError;
  const retry = () => {
    void calendar.refetch();
    void colleges.refetch();
    void checklist.refetch();
  };

  return (
    <Stack gap="lg">
      <AthletePageHeader
        title={t.pageTitle}
        subtitle={t.pageSubtitle}
        familySubtitle={t.familySubtitle}
        athlete={athlete}
        action={
          athlete ? (
            <Button component="a" href={calendarExportUrl(athlete.id)} download variant="light" leftSection={<IconDownload size={16} />}>
              {t.exportCalendar}
            </Button>
          ) : undefined
        }
      />
      <AthleteContent
        current={current}
        noProfile={{ title: t.noProfileTitle, text: t.noProfileText }}
        loading={loading}
        failed={failed && { message: t.loadFailed, onRetry: retry }}
        skeleton={<Skeleton h={240} radius="md" />}
      >
        {(athlete) =>
          calendar.data &&
          colleges.data &&
          checklist.data && (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Tabs defaultValue={tab && TABS.includes(tab) ? tab : 'timeline'} keepMounted={false}>
                  <Tabs.List mb="md">
                    <Tabs.Tab value="timeline">{t.tabTimeline}</Tabs.Tab>
                    <Tabs.Tab value="colleges">{t.tabColleges}</Tabs.Tab>
                    <Tabs.Tab value="checklist">{t.tabChecklist}</Tabs.Tab>
                  </Tabs.List>
                  <Tabs.Panel value="timeline">
                    <NcaaTimeline calendar={calendar.data} athleteId={athlete.id} canEdit={canEdit} />
                  </Tabs.Panel>
                  <Tabs.Panel value="colleges">
                    <CollegeInterests colleges={colleges.items} athleteId={athlete.id} canEdit={canEdit} />
                  </Tabs.Panel>
                  <Tabs.Panel value="checklist">
                    <RecruitingChecklist items={checklist.data} athleteId={athlete.id} canEdit={canEdit} />
                  </Tabs.Panel>
                </Tabs>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Stack gap="lg">
                  <RecruitingSidebar
                    checklist={checklist.data}
                    colleges={colleges.items}
                    keyDates={calendar.data.keyDates}
                    today={calendar.data.today}
                  />
                  {canEdit && <CalendarSubscription athleteId={athlete.id} />}
                </Stack>
              </Grid.Col>
            </Grid>
          )
        }
      </AthleteContent>
    </Stack>
  );
}
