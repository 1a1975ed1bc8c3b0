-- Begins an idempotent call, or answers with what the record of an earlier call says, in one round
-- trip. KEYS[1]: the record, a hash; KEYS[2]: the fencing counter (both share the body's hash tag).
-- ARGV[1]: the payload's fingerprint; ARGV[2]: the caller's owner token; ARGV[3]: the lease in ms;
-- ARGV[4]: the fencing counter's time to live in ms; ARGV[5]: '1' when the caller will wait for a
-- running call's outcome: the record then notes a waiter, so that storing or removing it publishes.
-- Returns {'started', fence} when the caller now runs the work: the record was absent (never made,
-- expired, removed after a failure, or its leader's lease ran out) or only remembers another
-- caller's abandoned start, or it is the caller's own because this is a re-send of a script that
-- already started the call. {'abandoned'} when it remembers this caller's own start as abandoned:
-- a late copy of a start whose outcome was unknown and that was cleaned up already, whose reply
-- nobody reads; it starts nothing. Else {'conflict'} for
-- another fingerprint, {'running', pttl} while another caller runs the work, {'done', result} or
-- {'failed', type, message} once it finished.
-- Fencing tokens are max(last + 1, Redis TIME in microseconds), as the lock scripts issue them, so
-- they keep rising after the counter expired.
local record = redis.call('HMGET', KEYS[1], 'state', 'fingerprint', 'owner', 'fence', 'result', 'message')
local state = record[1]
if state == 'abandoned' and record[3] == ARGV[2] then
  return {'abandoned'}
end
if not state or state == 'abandoned' then
  local time = redis.call('TIME')
  local floor = tonumber(time[1]) * 1000000 + tonumber(time[2])
  local last = tonumber(redis.call('GET', KEYS[2]) or '0')
  local fence = math.max(last + 1, floor)
  local text = string.format('%d', fence)
  redis.call('SET', KEYS[2], text, 'PX', ARGV[4])
  redis.call('HSET', KEYS[1], 'state', 'running', 'fingerprint', ARGV[1], 'owner', ARGV[2], 'fence', text)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {'started', fence}
end
if state == 'running' and record[3] == ARGV[2] then
  return {'started', tonumber(record[4])}
end
if record[2] ~= ARGV[1] then
  return {'conflict'}
end
if state == 'running' then
  if ARGV[5] == '1' then
    redis.call('HSET', KEYS[1], 'waited', '1') -- keeps the record's time to live
  end
  return {'running', redis.call('PTTL', KEYS[1])}
end
if state == 'done' then
  return {'done', record[5]}
end
return {'failed', record[5], record[6]}
