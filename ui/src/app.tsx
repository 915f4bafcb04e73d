import { KeyPrompt } from './components/key-prompt';
import { Layout } from './components/layout';
import { AuditPage } from './pages/audit';
import { ExecutionPage, ExecutionsPage } from './pages/executions';
import { GroupsPage } from './pages/groups';
import { JobPage } from './pages/job';
import { JobsPage } from './pages/jobs';
import { OverviewPage } from './pages/overview';
import { SchedulePage, SchedulesPage } from './pages/schedules';
import { WorkersPage } from './pages/workers';
import { useAccessLoader } from './state/access';
import { useRoute, type Route } from './state/router';

function page(route: Route) {
  const [section = 'overview', id] = route.path;
  switch (section) {
    case 'jobs':
      return id ? <JobPage id={id} /> : <JobsPage query={route.query} />;
    case 'executions':
      return id ? <ExecutionPage id={id} /> : <ExecutionsPage query={route.query} />;
    case 'workers':
      return <WorkersPage />;
    case 'schedules':
      return id ? <SchedulePage name={id} /> : <SchedulesPage />;
    case 'groups':
      return <GroupsPage query={route.query} />;
    case 'audit':
      return <AuditPage />;
    case 'overview':
      return <OverviewPage />;
    default:
      return (
        <>
          <h1>Not found</h1>
          <p>
            No page here. <a href="#/overview">Go to the overview</a>.
          </p>
        </>
      );
  }
}

export function App() {
  const route = useRoute();
  useAccessLoader();
  const section = route.path[0] ?? 'overview';
  return (
    <>
      <Layout section={section}>{page(route)}</Layout>
      <KeyPrompt />
    </>
  );
}
