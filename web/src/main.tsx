// What every page needs of Mantine's styles (mantineStyles.ts's GLOBAL_STYLES): each component's own
// stylesheet comes with the code that uses it, added by the build (mantineStyles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { queryClient } from './lib/queryClient';
import { startPages } from './App';
import { Root } from './Root';
import { registerServiceWorker } from './lib/serviceWorker';
import { prefetchUser } from './features/auth';
import { fetchMyAthletes, myAthletesKey } from './lib/currentAthlete';

if (import.meta.env.PROD) registerServiceWorker();

// On the dashboard, the app's first render drew a loader while the session check went out, then the shell
// again with the family, then the page once its code was imported: three renders of the shell on a
// phone's slowed CPU before the athlete's card (issue 34). The page's HTML preloads the session check,
// the athletes and the page's code, so they are usually in when this runs: the first render waits for
// them (at most startWaitMs, so a slow network still gets the shell and its loader) and draws the page.
const startWaitMs = 1000;
async function startSignedIn(loadPage: () => Promise<unknown>) {
  const family = async () => {
    if (await prefetchUser(queryClient)) await queryClient.prefetchQuery({ queryKey: myAthletesKey, queryFn: fetchMyAthletes });
  };
  await Promise.all([family(), loadPage().catch(() => undefined)]);
}

function render() {
  const root = document.getElementById('root')!;
  const app = <Root client={queryClient} router={BrowserRouter} />;
  // The landing page comes drawn in its HTML (prerender.tsx), so a phone shows it before this script
  // has even downloaded: the app takes that page over rather than drawing it again. A page drawn for
  // another path (the installed app's saved shell, answering for any page without signal) is dropped.
  if (root.dataset.prerendered === window.location.pathname) {
    hydrateRoot(root, app);
    return;
  }
  root.replaceChildren();
  createRoot(root).render(app);
}

const startPage = startPages[window.location.pathname];
if (startPage) void Promise.race([startSignedIn(startPage), new Promise((resolve) => setTimeout(resolve, startWaitMs))]).then(render);
else render();
