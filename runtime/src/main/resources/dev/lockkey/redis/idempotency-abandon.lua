-- Removes the caller's in-progress record after its work failed, so that a retry runs it again.
-- KEYS[1]: the record. ARGV[1]: the caller's owner token; ARGV[2]: the outcome channel; ARGV[3]:
-- the message that wakes its waiters, published only when one noted itself, so that it starts the
-- call itself now.
-- Returns 1 when removed or already gone (a re-send of a script that removed it, or a lease that
-- ran out with no one taking over); 0 when the record is another caller's.
local record = redis.call('HMGET', KEYS[1], 'state', 'owner', 'waited')
if not record[1] then
  return 1
end
if record[1] ~= 'running' or record[2] ~= ARGV[1] then
  return 0
end
redis.call('DEL', KEYS[1])
if record[3] then
  redis.call('PUBLISH', ARGV[2], ARGV[3])
end
return 1
