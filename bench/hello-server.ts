/** The ceiling of this machine and load generator: a bare node:http hello-world. */
import http from "node:http";

const port = Number(process.env.PORT);
http
  .createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(req.method === "POST" ? 201 : 200, { "Content-Type": "application/json" });
      res.end('{"id":"hello"}');
    });
  })
  .listen(port, "127.0.0.1", () => console.log(`Listening on http://127.0.0.1:${port}`));
