// The demo task offered in one click: the offline demo plays this task and refuses every other, so the notice names
// it and runs it on the demo shop. Shown only when the shop is known (npm start says where it serves it).

import { useDemoExample } from '../../store/demo-example';
import { useHistory } from '../../store/history';
import { useUi } from '../../store/ui';
import type { PanelCommands } from '../commands';
import { t } from '../i18n';

export function DemoExample({ commands }: { commands: Pick<PanelCommands, 'run'> }) {
  const example = useDemoExample((s) => s.example);
  const show = useUi((s) => s.show);
  const running = useHistory((s) => {
    const id = s.order[0];
    return id !== undefined && s.tasks[id]?.status === 'running';
  });
  if (!example) return null;
  return (
    <button
      type="button"
      class="link-button"
      data-testid="demo-example"
      title={example}
      disabled={running}
      onClick={() => {
        show('task');
        commands.run(example);
      }}
    >
      {t('demoExample')}
    </button>
  );
}
