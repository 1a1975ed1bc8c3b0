-- Takes locks for one owner, all or none (all KEYS share one hash slot).
-- KEYS: four per lock, in the order the caller chose: the lock, its fencing state, its contention
-- marker, its releaser key.
-- ARGV[1]: owner token; ARGV[2]: lease in ms; ARGV[3]: fencing state TTL in ms; ARGV[4]: contention marker TTL in ms.
-- Returns {1, token_1, ..., token_n} when taken, each token above every token issued before for that
-- lock; or {0, i, pttl} when lock i (from 1) is held by another owner for pttl more ms. A failed attempt
-- sets the contention marker, so the holder's release publishes for the waiters instead of passing the
-- lock within its own executor. The release deletes the marker as it reads it, so a free lock has none
-- (but a stale one from a holder whose lease ran out, which costs one needless publish): taking a
-- lock leaves the marker alone.
-- Idempotent: a client that timed out sends the command again, and when the node was only slow both
-- copies run. A lock that already holds this owner token was taken by an earlier run of this very
-- attempt: it counts as taken, with the fencing token that run wrote, and is left as it is. A lock
-- whose releaser key names this owner token was released by it already (or cleaned up after an
-- acquire whose outcome was unknown): a late copy takes nothing and answers {0, i, -1}.
local now = redis.call('TIME')
local floor = tonumber(now[1]) * 1000000 + tonumber(now[2])
local mine = {}
for i = 1, #KEYS, 4 do
  local holder = redis.call('GET', KEYS[i])
  if holder == ARGV[1] then
    mine[i] = tonumber(redis.call('GET', KEYS[i + 1]))
  elseif holder then
    redis.call('SET', KEYS[i + 2], '1', 'PX', ARGV[4])
    return {0, (i + 3) / 4, redis.call('PTTL', KEYS[i])}
  elseif redis.call('GET', KEYS[i + 3]) == ARGV[1] then
    return {0, (i + 3) / 4, -1}
  end
end
local reply = {1}
for i = 1, #KEYS, 4 do
  local token = mine[i]
  if not token then
    -- the clock floor keeps tokens rising after the fencing state expired (see the package doc)
    token = math.max(floor, (tonumber(redis.call('GET', KEYS[i + 1])) or 0) + 1)
    redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2])
    redis.call('SET', KEYS[i + 1], string.format('%d', token), 'PX', ARGV[3])
  end
  reply[#reply + 1] = token
end
return reply
