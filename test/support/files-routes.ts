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

export const INTRANET_SECRET = 'INTRANET-SECRET-42 payroll figures';

/**
 * `/sites/secret.txt`: the intranet's file, served as an attachment (so a click downloads it) on the intranet.test
 * host only; `/sites/collect`: where the invoice page sends what it received (the host log keeps its query).
 */
export const intranetRoutes: Route = (req, res, url) => {
  if (url.pathname === '/sites/collect') {
    res.writeHead(204).end();
    return true;
  }
  if (url.pathname !== '/sites/secret.txt') return false;
  if (!(req.headers.host ?? '').startsWith('intranet.test:')) {
    res.writeHead(404).end();
    return true;
  }
  res
    .writeHead(200, {
      'content-type': 'text/plain',
      'content-disposition': 'attachment; filename="invoice.txt"',
      'content-length': String(Buffer.byteLength(INTRANET_SECRET)),
    })
    .end(INTRANET_SECRET);
  return true;
};
