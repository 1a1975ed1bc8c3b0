-- Smooth limiting by the generic cell rate algorithm (GCRA): the key holds the theoretical arrival
-- time (TAT) in microseconds of Redis TIME, so clients' clocks do not matter. Each permit moves the
-- TAT one emission interval on; a call is admitted while the TAT stays within the burst tolerance
-- of now. Any span of L microseconds thus admits at most burst + L / interval permits.
-- Commands: 3 for a denial, 6 for an admission.
-- Each call carries an attempt id. The ids of admitted calls are kept in a sorted set, scored by
-- their admission time, for ARGV[5] us (the burst tolerance, at least a floor the caller chose), so
-- at most burst + ARGV[5] / interval ids: a second run of an admitted call (a client that timed out
-- sends the command again, and when the node was only slow both copies run) finds its id and is
-- admitted again without moving the TAT twice.
-- KEYS[1]: the TAT; KEYS[2]: the admitted attempt ids. ARGV[1]: emission interval in us; ARGV[2]:
-- burst (permits admitted at once); ARGV[3]: the permits asked for; ARGV[4]: the attempt id;
-- ARGV[5]: how long admitted ids are kept, in us.
-- Returns {allowed (1 or 0), remaining permits, us until this call could be admitted (0 when it
-- was), us until the full burst is available again}.
local interval = tonumber(ARGV[1])
local tolerance = interval * tonumber(ARGV[2])
local permits = tonumber(ARGV[3])
local keep = tonumber(ARGV[5])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local tat = math.max(tonumber(redis.call('GET', KEYS[1]) or '0'), now)
local newTat = tat + interval * permits
local allowedAt = newTat - tolerance
if now < allowedAt then
  -- too early for this call, unless it is a second run of a call admitted before
  if redis.call('ZSCORE', KEYS[2], ARGV[4]) then
    return {1, math.max(math.floor((now + tolerance - tat) / interval), 0), 0, tat - now}
  end
  return {0, math.max(math.floor((now + tolerance - tat) / interval), 0), allowedAt - now, tat - now}
end
if redis.call('ZADD', KEYS[2], 'NX', string.format('%.0f', now), ARGV[4]) == 0 then
  -- a second run of a call admitted before: admitted again, the TAT moved once
  return {1, math.max(math.floor((now + tolerance - tat) / interval), 0), 0, tat - now}
end
redis.call('SET', KEYS[1], string.format('%.0f', newTat), 'PX', math.ceil((newTat - now) / 1000))
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', string.format('(%.0f', now - keep))
redis.call('PEXPIRE', KEYS[2], math.ceil(keep / 1000))
return {1, math.floor((now + tolerance - newTat) / interval), 0, newTat - now}
