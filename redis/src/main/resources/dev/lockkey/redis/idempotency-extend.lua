-- Extends the lease of the caller's in-progress record while its work runs.
-- KEYS[1]: the record. ARGV[1]: the caller's owner token; ARGV[2]: the lease in ms.
-- Returns 1 when extended (a re-send extends again, to the same effect), 0 when the record is no
-- longer the caller's running one.
local record = redis.call('HMGET', KEYS[1], 'state', 'owner')
if record[1] ~= 'running' or record[2] ~= ARGV[1] then
  return 0
end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
