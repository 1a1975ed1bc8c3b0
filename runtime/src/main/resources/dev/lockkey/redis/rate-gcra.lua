-- Smooth limiting by the generic cell rate algorithm (GCRA): the key holds the theoretical arrival
-- time (TAT) in microseconds of Redis TIME, so clients' clocks do not matter. Each permit moves the
-- TAT one emission interval on; a call is admitted while the TAT stays within the burst tolerance
-- of now. Any span of L microseconds thus admits at most burst + L / interval permits.
-- KEYS[1]: the TAT; ARGV[1]: emission interval in us; ARGV[2]: burst (permits admitted at once);
-- ARGV[3]: the permits asked for.
-- Returns {allowed (1 or 0), remaining permits, us until this call could be admitted (0 when it
-- was), us until the full burst is available again}.
local interval = tonumber(ARGV[1])
local tolerance = interval * tonumber(ARGV[2])
local permits = tonumber(ARGV[3])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
local tat = math.max(tonumber(redis.call('GET', KEYS[1]) or '0'), now)
local newTat = tat + interval * permits
local allowedAt = newTat - tolerance
if now < allowedAt then
  return {0, math.max(math.floor((now + tolerance - tat) / interval), 0), allowedAt - now, tat - now}
end
redis.call('SET', KEYS[1], string.format('%.0f', newTat), 'PX', math.ceil((newTat - now) / 1000))
return {1, math.floor((now + tolerance - newTat) / interval), 0, newTat - now}
