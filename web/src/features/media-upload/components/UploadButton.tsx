import { useEffect, useState } from 'react';
import { Alert, Button, Tabs } from '@mantine/core';
import { IconMicrophone, IconUpload, IconWifiOff } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import { useOnline } from '../../../lib/network';
import { preloadResumableUploads } from '../resumable';
import { useSharedFiles, type SharedFiles } from '../sharedFiles';
import { uploadText as t } from '../strings';
import { RecordTab } from './RecordTab';
import { UploadFilesTab } from './UploadFilesTab';
import phoneTabs from '../../../components/PhoneTabs.module.css';
import classes from './UploadButton.module.css';

/** While the browser is offline: uploads wait for the connection and resume (offline.ts), if the dialog stays open. */
function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      variant="light"
      color="yellow"
      radius="md"
      mb="md"
      icon={<IconWifiOff size={18} aria-hidden />}
      title={t.offlineTitle}
      classNames={{ title: classes.offlineTitle }}
      role="status"
    >
      {t.offline}
    </Alert>
  );
}

/**
 * The 'Upload' button and its dialog: Upload Files and Record Video/Audio. The dialog's content mounts
 * on open and unmounts on close, which aborts an upload in flight and releases the camera and microphone.
 */
export function UploadButton({ athleteId }: { athleteId: number }) {
  const [opened, setOpened] = useState(false);
  // Files shared from the phone's share sheet open the dialog with them chosen (sharedFiles.ts).
  const [shared, setSharedAside] = useSharedFiles();
  const [openedFor, setOpenedFor] = useState<SharedFiles | null>(null);
  if (shared && shared !== openedFor) {
    setOpenedFor(shared);
    setOpened(true);
  }
  const close = () => {
    setOpened(false);
    setSharedAside();
  };
  // Large video goes through tus-js-client: fetched when the dialog opens, so an upload started after the
  // signal dropped can still begin, and wait.
  useEffect(() => {
    if (opened) preloadResumableUploads();
  }, [opened]);

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
        <OfflineNotice />
        {shared?.unavailable && (
          <Alert variant="light" color="yellow" radius="md" mb="md" role="status">
            {t.shareNeedsApp}
          </Alert>
        )}
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
            <UploadFilesTab athleteId={athleteId} onClose={close} initialFiles={shared?.files} />
          </Tabs.Panel>
          <Tabs.Panel value="record">
            <RecordTab athleteId={athleteId} />
          </Tabs.Panel>
        </Tabs>
      </Dialog>
    </>
  );
}
