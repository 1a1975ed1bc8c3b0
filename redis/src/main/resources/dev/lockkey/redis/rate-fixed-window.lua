-- Fixed-window counting: the window opens with the first admitted hit and lasts ARGV[2] ms.
-- A denied call counts nothing: the counter never passes the limit, and a denied call asking for
-- many permits leaves the rest to smaller ones.
-- Commands: 4 on a window's first hit, 3 for a denial, 5 for a later admission.
-- Each call carries an attempt id, and the ids of the window's admitted calls are kept in a set that
-- expires with the counter (so at most `limit` ids per window): a second run of an admitted call (a
-- client that timed out sends the command again, and when the node was only slow both copies run)
-- finds its id and is admitted again without counting twice.
-- KEYS[1]: the counter; KEYS[2]: the admitted attempt ids. ARGV[1]: the limit; ARGV[2]: the window
-- in ms; ARGV[3]: the permits asked for; ARGV[4]: the attempt id.
-- Returns {allowed (1 or 0), remaining permits, ms until this call could be admitted (0 when it
-- was), ms until the window ends}.
local limit = tonumber(ARGV[1])
local permits = tonumber(ARGV[3])
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count == 0 then
  -- the first hit of a window: no ids to look up (they expire at the same moment as the counter),
  -- and permits never exceed the limit, so the window starts now in one command
  redis.call('SET', KEYS[1], permits, 'PX', ARGV[2])
  redis.call('SADD', KEYS[2], ARGV[4])
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
  return {1, limit - permits, 0, tonumber(ARGV[2])}
end
if count + permits > limit then
  -- full for this call, unless it is a second run of a call admitted before
  local rest = math.max(redis.call('PTTL', KEYS[1]), 0)
  if redis.call('SISMEMBER', KEYS[2], ARGV[4]) == 1 then
    return {1, math.max(limit - count, 0), 0, rest}
  end
  return {0, math.max(limit - count, 0), rest, rest}
end
if redis.call('SADD', KEYS[2], ARGV[4]) == 0 then
  -- a second run of a call admitted before: admitted again, counted once
  return {1, math.max(limit - count, 0), 0, math.max(redis.call('PTTL', KEYS[1]), 0)}
end
count = redis.call('INCRBY', KEYS[1], permits)
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  -- a counter that lost its expiry: the window starts now
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
redis.call('PEXPIRE', KEYS[2], ttl)
return {1, limit - count, 0, ttl}
