import { EventLog } from './EventLog';
import { PageCard } from './PageCard';

export function App() {
  return (
    <main>
      <header>
        <h1>Steadyhand</h1>
      </header>
      <PageCard />
      <EventLog />
    </main>
  );
}
