// Routes of the files fixtures (test/fixtures/site/files/): a report served as an attachment, so the browser
// downloads it under the name the server gives (Content-Disposition), as a real site's export would.

import type { Route } from './fixture-server';

export const REPORT_CSV = 'quarter,revenue\nQ1,120\nQ2,135\n';

/** `/files/report.csv`: text/csv with `Content-Disposition: attachment; filename="quarterly-report.csv"`. */
export const reportRoute: Route = (_req, res, url) => {
  if (url.pathname !== '/files/report.csv') return false;
  res
    .writeHead(200, {
      'content-type': 'text/csv',
      'content-disposition': 'attachment; filename="quarterly-report.csv"',
      'content-length': String(Buffer.byteLength(REPORT_CSV)),
    })
    .end(REPORT_CSV);
  return true;
};
