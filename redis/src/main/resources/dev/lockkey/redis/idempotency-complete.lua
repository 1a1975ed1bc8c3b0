-- Stores the outcome of the caller's work while the record is still the caller's: a leader whose
-- lease ran out (and whose call may have been taken over) stores nothing.
-- KEYS[1]: the record. ARGV[1]: the caller's owner token; ARGV[2]: 'done' or 'failed'; ARGV[3]: the
-- encoded result, or the failure's type; ARGV[4]: the failure's message, or ''; ARGV[5]: the
-- record's time to live in ms; ARGV[6]: the outcome channel; ARGV[7]: the message that wakes its
-- waiters, published (to every node of a cluster: a channel is no key) only when one noted itself.
-- Returns 1 when stored, also when this is a re-send of a script that stored it (the owner token
-- stays in the record to recognise it); 0 when the record is no longer the caller's (or only
-- remembers the caller's start as abandoned).
local record = redis.call('HMGET', KEYS[1], 'state', 'owner', 'waited')
if record[2] ~= ARGV[1] or record[1] == 'abandoned' then
  return 0
end
if record[1] == 'running' then
  redis.call('HSET', KEYS[1], 'state', ARGV[2], 'result', ARGV[3], 'message', ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[5])
  if record[3] then
    redis.call('HDEL', KEYS[1], 'waited')
    redis.call('PUBLISH', ARGV[6], ARGV[7])
  end
end
return 1
