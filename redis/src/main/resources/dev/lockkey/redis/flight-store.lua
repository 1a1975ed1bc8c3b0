-- Stores a single flight's outcome while the caller still leads the flight: a leader whose lease
-- ran out (and who may have been replaced) stores nothing, so a stale outcome never overwrites the
-- next leader's (both keys share the body's hash tag).
-- KEYS[1]: the flight lock; KEYS[2]: the result. ARGV[1]: the leader's owner token; ARGV[2]: the
-- record; ARGV[3]: its time to live in ms.
-- Returns 1 when stored, 0 when the caller no longer led.
-- Idempotent as it is: a second run of this very call (a client that timed out sends the command
-- again, and when the node was only slow both copies run) stores the same record again while the
-- caller still leads, or nothing once it released the flight lock (it releases only after the
-- store answered, so the record is in place then).
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return 0
end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 1
