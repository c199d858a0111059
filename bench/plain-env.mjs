// Imported first by the benches. Node 20 reads NODE_EXTRA_CA_CERTS at every start (about 38 ms
// on this machine, which sets it for its own network), where Node 24 reads it only when TLS first
// needs it. The benches talk plain HTTP on 127.0.0.1, and most users have no such variable: left
// in, it adds the same 38 ms to every Node 20 process (flagctl and its floor alike, not curl or
// rg), which flatters ratios to the floor and worsens those to native tools.
delete process.env.NODE_EXTRA_CA_CERTS;
