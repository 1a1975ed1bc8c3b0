-- Passes a lock from its owner straight to a waiter of the same executor: release and acquire in one
-- step. The executor passes the lock this way a few times in a row without looking elsewhere
-- (ARGV[8] '0', which costs no look at the queue); on its turn to look (ARGV[8] '1') the handoff
-- reads the contention marker, and where waiters of other executors queue for the lock (see
-- acquire.lua) it hands the lock to the first live one instead, by the hand-over routine that
-- release.lua runs too (include/handover.lua), and answers {0, entry}, so that no executor starves. With ARGV[10] '1' it then queues the
-- new owner, the executor's next waiter, at the queue's end, as that waiter's own attempt would have
-- (entry: until when its entry lives, server ms; else -1); the waiter watches the
-- release channel already, so it needs no attempt of its own before the lock comes back. Where
-- others wait without a queue entry (the marker exists, no live entry), the routine releases
-- instead (the fencing state then lives the fence grace, the releaser key remembers the owner) and
-- publishes 'released', so that other executors get their chance. Nobody waiting
-- elsewhere, it passes the lock within the executor.
-- KEYS: the lock's six, in the order of LockNames.keys(): KEYS[1] the lock, KEYS[2] its fencing
-- state, KEYS[3] its contention marker, KEYS[4] its releaser key, KEYS[5] its waiter queue,
-- KEYS[6] its waiter expiries (see include/handover.lua).
-- ARGV[1]: current owner token; ARGV[2]: new owner token; ARGV[3]: new lease in ms;
-- ARGV[4]: fencing state TTL in ms; ARGV[5]: the lock's release channel; ARGV[6]: fence grace in ms;
-- ARGV[7]: how long the releaser key lives, in ms; ARGV[8]: '1' on the executor's turn to look for
-- waiters elsewhere, else '0'; ARGV[9]: the contention marker's TTL in ms, also how long a queue
-- entry lives; ARGV[10]: '1' to queue the new owner when the lock goes elsewhere, else '0'.
-- Returns {1, token, held} when passed (held: for how many ms from now the new owner holds the
-- lock), {0, entry} when handed over for waiters elsewhere, {0, -1} when released for them, {-1}
-- when the current owner no longer held the lock (nothing changed).
-- Idempotent: a second run of this very handoff (a client that timed out sends the command again)
-- finds the new owner token in place, or the releaser key naming the current owner, and answers
-- as the first run did ({0, -1} where the first run queued the new owner: that waiter's own attempt
-- then finds its place kept). A new owner in place holds what it holds now: the first run's lease
-- less the time since, or, where the first run queued it and a release elsewhere then handed it
-- the lock, the rest of that claim; held says which, so that its lease counts on no more.
--#include handover

local holder = redis.call('GET', KEYS[1])
if holder == ARGV[2] then
  local passed = tonumber(redis.call('GET', KEYS[2]))
  if passed then
    return {1, passed, redis.call('PTTL', KEYS[1])}
  end
elseif holder ~= ARGV[1] then
  if redis.call('GET', KEYS[4]) == ARGV[1] then
    return {0, -1}
  end
  return {-1}
end
local now = nowMicros()
-- PEXPIRE reads the marker and keeps it alive: someone waits elsewhere when it exists
if ARGV[8] == '1' and holder == ARGV[1] and redis.call('PEXPIRE', KEYS[3], ARGV[9]) == 1 then
  redis.call('SET', KEYS[4], ARGV[1], 'PX', ARGV[7])
  if not handOver(1, now, ARGV[5], ARGV[6], ARGV[9]) then
    return {0, -1}
  end
  local entry = -1
  if ARGV[10] == '1' then
    -- queued as the new owner's own attempt would have queued it (see acquire.lua); one entry in
    -- for the head that left: the queue stays within the bound its joins kept
    redis.call('ZADD', KEYS[5], 'NX', now, ARGV[2])
    entry = math.floor(now / 1000) + tonumber(ARGV[9])
    redis.call('HSET', KEYS[6], ARGV[2], string.format('%d', entry))
    redis.call('PEXPIRE', KEYS[5], ARGV[9])
    redis.call('PEXPIRE', KEYS[6], ARGV[9])
    redis.call('SET', KEYS[3], '1', 'PX', ARGV[9])
  end
  return {0, entry}
end
local token = math.max(now, (tonumber(redis.call('GET', KEYS[2])) or 0) + 1)
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('SET', KEYS[2], string.format('%d', token), 'PX', ARGV[4])
return {1, token, tonumber(ARGV[3])}
