// The demo shop task played by the stand-in of the Messages API: the same moves as the offline demo model
// (src/panel/demo), decided from what the stand-in's model would read. It lets `npm start` run the real client
// against the stand-in (`tsx test/support/fake-anthropic/cli.ts --responder test/support/shop-model.ts`) and the
// start test prove it on each model profile.

import type { MessageParam } from '../../src/panel/agent/model/agent-model';
import { demoMove } from '../../src/panel/demo/demo-model';
import { type Responder, toolTurn } from './fake-anthropic';

export const playShop: Responder = (req) => {
  const messages = (req.view?.messages ?? req.body?.messages ?? []) as MessageParam[];
  const move = demoMove(messages);
  return toolTurn(move.tool, move.input, move.say);
};

export default playShop;
