-- Passes a lock from its owner straight to a waiter of the same executor: release and acquire in one
-- step. The executor passes the lock this way a few times in a row without looking elsewhere
-- (ARGV[8] '0', which costs no look at the queue); on its turn to look (ARGV[8] '1') the handoff
-- reads the contention marker, and where waiters of other executors queue for the lock (see
-- acquire.lua) it hands the lock to the first live one instead (as release.lua does, with the same
-- message) and answers {0, entry}, so that no executor starves. With ARGV[10] '1' it then queues the
-- new owner, the executor's next waiter, at the queue's end, as that waiter's own attempt would have
-- (entry: until when its entry lives, server ms; else -1); the waiter watches the
-- release channel already, so it needs no attempt of its own before the lock comes back. Where
-- others wait without a queue entry (the marker exists, no live entry), it releases instead (as
-- release.lua does: the fencing state then lives the fence grace, the releaser key remembers the
-- owner) and publishes 'released', so that other executors get their chance. Nobody waiting
-- elsewhere, it passes the lock within the executor.
-- KEYS[1]: the lock; KEYS[2]: its fencing state; KEYS[3]: its contention marker; KEYS[4]: its
-- releaser key; KEYS[5]: its waiter queue; KEYS[6]: its waiter expiries (see acquire.lua).
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
local now = redis.call('TIME')
local floor = tonumber(now[1]) * 1000000 + tonumber(now[2])
-- PEXPIRE reads the marker and keeps it alive: someone waits elsewhere when it exists
if ARGV[8] == '1' and holder == ARGV[1] and redis.call('PEXPIRE', KEYS[3], ARGV[9]) == 1 then
  local nowms = math.floor(floor / 1000)
  local head, deadline
  for _ = 1, 100 do -- the first live entry, dropping those whose waiter stopped trying
    head = redis.call('ZRANGE', KEYS[5], 0, 0)[1]
    if not head then
      break
    end
    deadline = tonumber(redis.call('HGET', KEYS[6], head))
    if deadline and deadline > nowms then
      break
    end
    redis.call('ZREM', KEYS[5], head)
    redis.call('HDEL', KEYS[6], head)
    head = nil
  end
  redis.call('SET', KEYS[4], ARGV[1], 'PX', ARGV[7])
  if not head then
    redis.call('DEL', KEYS[1], KEYS[3])
    redis.call('PEXPIRE', KEYS[2], ARGV[6])
    redis.call('PUBLISH', ARGV[5], 'released')
    return {0, -1}
  end
  -- the waiter's claim lasts as long as its entry would have: a dead waiter blocks no longer
  local token = math.max(floor, (tonumber(redis.call('GET', KEYS[2])) or 0) + 1)
  redis.call('SET', KEYS[1], head, 'PX', deadline - nowms)
  redis.call('SET', KEYS[2], string.format('%d', token), 'PX', ARGV[6] + deadline - nowms)
  redis.call('ZREM', KEYS[5], head)
  redis.call('HDEL', KEYS[6], head)
  local entry = -1
  if ARGV[10] == '1' then
    -- one entry in for the head that left: the queue stays within the bound its joins kept
    redis.call('ZADD', KEYS[5], 'NX', floor, ARGV[2])
    entry = nowms + tonumber(ARGV[9])
    redis.call('HSET', KEYS[6], ARGV[2], string.format('%d', entry))
    redis.call('PEXPIRE', KEYS[5], ARGV[9])
    redis.call('PEXPIRE', KEYS[6], ARGV[9])
  elseif redis.call('ZCARD', KEYS[5]) == 0 then
    redis.call('DEL', KEYS[3]) -- nobody queues any more
  end
  redis.call('PUBLISH', ARGV[5], head .. ' ' .. string.format('%d', token) .. ' ' .. string.format('%d', deadline))
  return {0, entry}
end
local token = math.max(floor, (tonumber(redis.call('GET', KEYS[2])) or 0) + 1)
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('SET', KEYS[2], string.format('%d', token), 'PX', ARGV[4])
return {1, token, tonumber(ARGV[3])}
