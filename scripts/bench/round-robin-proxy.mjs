// The bench's stand-in for a load balancer: each request goes to the next of UPSTREAMS in turn, over kept-alive
// connections. Run as its own process so its CPU shows apart from the API instances'.
import http from 'node:http';

const upstreams = (process.env.UPSTREAMS ?? '').split(',').map((address) => new URL(address));
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
let turn = 0;

const server = http.createServer((request, response) => {
  const target = upstreams[turn % upstreams.length];
  turn += 1;
  const forwarded = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: request.headers,
      agent,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => {
    if (!response.headersSent) response.writeHead(502);
    response.end();
  });
  request.pipe(forwarded);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
