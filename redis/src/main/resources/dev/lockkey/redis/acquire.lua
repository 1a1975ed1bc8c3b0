-- Takes locks for one owner, all or none (all KEYS share one hash slot).
-- KEYS: six per lock, in the order of LockNames.keys(): the lock, its fencing state, its contention
-- marker, its releaser key, its waiter queue (a sorted set: owner token -> arrival), its waiter
-- expiries (a hash: owner token -> the server time in ms until which the entry lives).
-- ARGV[1]: owner token; ARGV[2]: lease in ms; ARGV[3]: fencing state TTL in ms; ARGV[4]: contention
-- marker TTL in ms, also how long a queue entry lives unless its waiter tries again;
-- ARGV[5]: '0' not to queue; '1' to join the lock's queue when it is held (one lock only); '2' as '1'
-- for a waiter that may be queued already, which leaves the queue when it takes the lock;
-- ARGV[6]: how many waiters a queue holds at most.
-- Returns {1, token_1, ..., token_n} when taken, each token above every token issued before for that
-- lock; or {0, i, pttl, entry} when lock i (from 1) is held by another owner for pttl more ms, where
-- entry is the server time in ms until which this waiter's queue entry now lives (-1: not queued),
-- which a release that hands the lock over names in its message; or {0, i, -1} (see below). A failed attempt
-- sets the contention marker, so the holder's release publishes for the waiters (or hands the lock
-- to the head of the queue) instead of passing the lock within its own executor. Taking a free lock
-- leaves the marker alone: the release that freed it deleted it, and one left by a lease that ran out
-- lives ARGV[4] at most and costs one needless publish.
-- Idempotent: a client that timed out sends the command again, and when the node was only slow both
-- copies run. A lock that already holds this owner token was taken by an earlier run of this very
-- attempt, or handed to this queued owner by a release (for the rest of its queue entry's life): it
-- counts as taken, with the fencing token written then, its lease raised to ARGV[2] (never lowered).
-- Joining the queue twice keeps the first place. A lock whose releaser key names this owner token was
-- released by it already (or cleaned up after an acquire whose outcome was unknown, or after its
-- waiter gave up): a late copy takes nothing, queues nowhere (a dead entry would be handed the lock
-- and hold it idle for a claim) and answers {0, i, -1}.
local now = redis.call('TIME')
local floor = tonumber(now[1]) * 1000000 + tonumber(now[2])
local mine = {}
for i = 1, #KEYS, 6 do
  local holder = redis.call('GET', KEYS[i])
  if holder == ARGV[1] then
    mine[i] = tonumber(redis.call('GET', KEYS[i + 1]))
    if redis.call('PTTL', KEYS[i]) < tonumber(ARGV[2]) then -- a handover's short claim becomes the lease
      redis.call('PEXPIRE', KEYS[i], ARGV[2])
      redis.call('PEXPIRE', KEYS[i + 1], ARGV[3])
    end
  elseif redis.call('GET', KEYS[i + 3]) == ARGV[1] then
    return {0, (i + 5) / 6, -1}
  elseif holder then
    redis.call('SET', KEYS[i + 2], '1', 'PX', ARGV[4])
    local entry = -1
    if ARGV[5] ~= '0' then
      -- a queue entry lives as long as the marker: a waiter that stops trying (dead) drops out
      if redis.call('ZADD', KEYS[i + 4], 'NX', floor, ARGV[1]) == 1
          and redis.call('ZCARD', KEYS[i + 4]) > tonumber(ARGV[6]) then
        redis.call('ZREM', KEYS[i + 4], ARGV[1]) -- full: this waiter polls instead
      else
        entry = math.floor(floor / 1000) + tonumber(ARGV[4])
        redis.call('HSET', KEYS[i + 5], ARGV[1], string.format('%d', entry))
        redis.call('PEXPIRE', KEYS[i + 4], ARGV[4])
        redis.call('PEXPIRE', KEYS[i + 5], ARGV[4])
      end
    end
    return {0, (i + 5) / 6, redis.call('PTTL', KEYS[i]), entry}
  end
end
local reply = {1}
for i = 1, #KEYS, 6 do
  local token = mine[i]
  if not token then
    -- the clock floor keeps tokens rising after the fencing state expired (see the package doc)
    token = math.max(floor, (tonumber(redis.call('GET', KEYS[i + 1])) or 0) + 1)
    redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2])
    redis.call('SET', KEYS[i + 1], string.format('%d', token), 'PX', ARGV[3])
    if ARGV[5] == '2' then
      redis.call('ZREM', KEYS[i + 4], ARGV[1])
      redis.call('HDEL', KEYS[i + 5], ARGV[1])
      if redis.call('ZCARD', KEYS[i + 4]) > 0 then
        redis.call('SET', KEYS[i + 2], '1', 'PX', ARGV[4]) -- others still queue: our release serves them
      end
    end
  end
  reply[#reply + 1] = token
end
return reply
