// Loaded before dynalite (node -r): dynalite 4.0.0 throws from a request's 'error' handler when a
// client aborts a request midway, as the SDK does when a per-request timeout strikes on a loaded
// machine, and the process would exit, failing every later test with "connection refused". An
// aborted request is the client's business: log it and serve on. Anything else still ends dynalite.
process.on('uncaughtException', (error) => {
  if (error && error.code === 'ECONNRESET') {
    console.error('a client aborted a request: ' + error.message);
    return;
  }
  console.error(error);
  process.exit(1);
});
