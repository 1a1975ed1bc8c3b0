-- Takes locks for one owner, all or none (all KEYS share one hash slot).
-- KEYS: three per lock, in the order the caller chose: the lock, its fencing state, its contention marker.
-- ARGV[1]: owner token; ARGV[2]: lease in ms; ARGV[3]: fencing state TTL in ms; ARGV[4]: contention marker TTL in ms.
-- Returns {1, token_1, ..., token_n} when taken, each token above every token issued before for that
-- lock; or {0, i, pttl} when lock i (from 1) is held by another owner for pttl more ms. A failed attempt
-- sets the contention marker, so the holder's release publishes for the waiters instead of passing the
-- lock within its own executor.
local now = redis.call('TIME')
local floor = tonumber(now[1]) * 1000000 + tonumber(now[2])
for i = 1, #KEYS, 3 do
  if redis.call('EXISTS', KEYS[i]) == 1 then
    redis.call('SET', KEYS[i + 2], '1', 'PX', ARGV[4])
    return {0, (i + 2) / 3, redis.call('PTTL', KEYS[i])}
  end
end
local reply = {1}
for i = 1, #KEYS, 3 do
  -- the clock floor keeps tokens rising after the fencing state expired (see RedisLockExecutor)
  local token = math.max(floor, (tonumber(redis.call('GET', KEYS[i + 1])) or 0) + 1)
  redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2])
  redis.call('SET', KEYS[i + 1], string.format('%d', token), 'PX', ARGV[3])
  redis.call('DEL', KEYS[i + 2])
  reply[#reply + 1] = token
end
return reply
