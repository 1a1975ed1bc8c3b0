-- Passes a lock from its owner straight to a waiter of the same executor: release and acquire in one
-- step. When the contention marker shows a waiter elsewhere, releases instead (as release.lua does:
-- the fencing state then lives the fence grace, the releaser key remembers the owner), so that
-- other executors get their chance.
-- KEYS[1]: the lock; KEYS[2]: its fencing state; KEYS[3]: its contention marker; KEYS[4]: its releaser key.
-- ARGV[1]: current owner token; ARGV[2]: new owner token; ARGV[3]: new lease in ms;
-- ARGV[4]: fencing state TTL in ms; ARGV[5]: the lock's release channel; ARGV[6]: fence grace in ms;
-- ARGV[7]: how long the releaser key lives, in ms.
-- Returns {1, token} when passed, {0} when released for waiters elsewhere, {-1} when the current owner
-- no longer held the lock (nothing changed).
-- Idempotent: a second run of this very handoff (a client that timed out sends the command again)
-- finds the new owner token in place, or the releaser key naming the current owner, and answers
-- as the first run did.
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[2] then
  local passed = tonumber(redis.call('GET', KEYS[2]))
  if passed then
    return {1, passed}
  end
elseif holder ~= ARGV[1] then
  if redis.call('GET', KEYS[4]) == ARGV[1] then
    return {0}
  end
  return {-1}
end
if holder == ARGV[1] and redis.call('DEL', KEYS[3]) == 1 then -- cleared as release.lua clears it
  redis.call('DEL', KEYS[1])
  redis.call('PEXPIRE', KEYS[2], ARGV[6])
  redis.call('SET', KEYS[4], ARGV[1], 'PX', ARGV[7])
  redis.call('PUBLISH', ARGV[5], 'released')
  return {0}
end
local now = redis.call('TIME')
local token = math.max(tonumber(now[1]) * 1000000 + tonumber(now[2]), (tonumber(redis.call('GET', KEYS[2])) or 0) + 1)
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('SET', KEYS[2], string.format('%d', token), 'PX', ARGV[4])
return {1, token}
