import { useState } from 'react';
import { Button, Tabs } from '@mantine/core';
import { IconMicrophone, IconUpload } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import { uploadText as t } from '../strings';
import { RecordTab } from './RecordTab';
import { UploadFilesTab } from './UploadFilesTab';
import phoneTabs from '../../../components/PhoneTabs.module.css';

/**
 * The 'Upload' button and its dialog: Upload Files and Record Video/Audio. The dialog's content mounts
 * on open and unmounts on close, which aborts an upload in flight and releases the camera and microphone.
 */
export function UploadButton({ athleteId }: { athleteId: number }) {
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);

  return (
    <>
      <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => setOpened(true)}>
        {t.open}
      </Button>
      <Dialog
        opened={opened}
        onClose={close}
        title={t.dialogTitle}
        size="lg"
        radius="md"
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      >
        {/* display-none keeps both tabs running: switching tabs neither aborts an upload nor stops a recording. */}
        <Tabs defaultValue="files" keepMountedMode="display-none" classNames={phoneTabs}>
          <Tabs.List mb="md">
            <Tabs.Tab value="files" leftSection={<IconUpload size={16} aria-hidden />}>
              {t.tabFiles}
            </Tabs.Tab>
            <Tabs.Tab value="record" leftSection={<IconMicrophone size={16} aria-hidden />}>
              {t.tabRecord}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="files">
            <UploadFilesTab athleteId={athleteId} onClose={close} />
          </Tabs.Panel>
          <Tabs.Panel value="record">
            <RecordTab athleteId={athleteId} />
          </Tabs.Panel>
        </Tabs>
      </Dialog>
    </>
  );
}
