import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { dashboardText as t } from '../strings';
import { EmptyNote } from './EmptyNote';
import { LinkButton } from './LinkButton';
import { SectionCard } from './SectionCard';

export function RecentMediaSection() {
  return (
    <SectionCard
      title={t.mediaTitle}
      icon={<IconPhoto size={20} />}
      action={<LinkButton to="/media" icon={<IconUpload size={14} />}>{t.upload}</LinkButton>}
    >
      <EmptyNote icon={<IconPhoto size={22} />} title={t.noMedia} description={t.mediaEmptyHint} />
    </SectionCard>
  );
}
