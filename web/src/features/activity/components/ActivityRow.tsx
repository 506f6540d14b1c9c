import { Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { fullTime, itemPath, relativeTime } from '../activityRules';
import type { Activity } from '../api';
import { activitySentence, addedBy } from '../sentences';
import { activityText as t } from '../strings';
import { ActivityKindIcon } from './ActivityKindIcon';
import classes from './ActivityRow.module.css';

interface ActivityRowProps {
  activity: Activity;
  athleteId: number;
  /** Shown as new: a dot, bold type, and "Unread" for screen readers. */
  unread: boolean;
  now?: Date;
}

/** One row of the feed: its kind, the sentence, who and when, the media's thumbnail; a link to the item's page. */
export function ActivityRow({ activity, athleteId, unread, now }: ActivityRowProps) {
  const by = addedBy(activity);
  return (
    <Link to={itemPath(activity, athleteId)} className={classes.row}>
      <span className={classes.dot} data-read={unread ? undefined : true} aria-hidden />
      <ActivityKindIcon activity={activity} />
      <div className={classes.text}>
        {unread && <VisuallyHidden>{t.unread}: </VisuallyHidden>}
        <Text size="sm" fw={unread ? 700 : 400} lineClamp={3}>
          {activitySentence(activity)}
        </Text>
        <Text size="xs" c="dimmed" mt={2}>
          {by && `${t.addedBy(by)} · `}
          <time dateTime={activity.at} title={fullTime(activity.at)} className={classes.when}>
            {relativeTime(activity.at, now)}
          </time>
        </Text>
      </div>
      {activity.thumbnailUrl && <img src={activity.thumbnailUrl} alt="" loading="lazy" className={classes.thumb} />}
    </Link>
  );
}
