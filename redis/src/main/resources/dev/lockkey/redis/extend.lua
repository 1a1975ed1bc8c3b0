-- Sets a new lease on those of the locks that the owner still holds (all KEYS share one hash slot), and
-- keeps their fencing state alive at least that long plus the grace period.
-- KEYS: two per lock, the first two of LockNames.keys(): the lock and its fencing state.
-- ARGV[1]: owner token; ARGV[2]: lease in ms from now; ARGV[3]: fencing state TTL in ms.
-- Returns one flag per lock: 1 when the owner still held it (now extended), 0 when not (left alone).
-- Idempotent as it is: a second run of this very call (a client that timed out sends the command
-- again) finds the owner token still in place and extends once more, from a moment later.
local reply = {}
for i = 1, #KEYS, 2 do
  local held = 0
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    redis.call('PEXPIRE', KEYS[i], ARGV[2])
    redis.call('PEXPIRE', KEYS[i + 1], ARGV[3])
    held = 1
  end
  reply[#reply + 1] = held
end
return reply
