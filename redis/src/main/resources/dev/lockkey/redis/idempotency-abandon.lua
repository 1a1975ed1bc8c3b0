-- Removes the caller's in-progress record after its work failed, so that a retry runs it again,
-- or cleans up after a start whose outcome is unknown.
-- KEYS[1]: the record. ARGV[1]: the caller's owner token; ARGV[2]: the outcome channel; ARGV[3]:
-- the message that wakes its waiters, published only when one noted itself, so that it starts the
-- call itself now; ARGV[4]: '0', or for a clean-up how long (ms) the record remembers the removed
-- owner token (state 'abandoned'), so that a copy of its start still on its way starts nothing.
-- Returns 1 when removed or already gone (a re-send of a script that removed it, or a lease that
-- ran out with no one taking over); 0 when the record is another caller's or holds an outcome.
local record = redis.call('HMGET', KEYS[1], 'state', 'owner', 'waited')
local state = record[1]
if state and state ~= 'abandoned' and (state ~= 'running' or record[2] ~= ARGV[1]) then
  return 0
end
if state == 'running' then
  redis.call('DEL', KEYS[1])
  if record[3] then
    redis.call('PUBLISH', ARGV[2], ARGV[3])
  end
end
if ARGV[4] ~= '0' then
  redis.call('HSET', KEYS[1], 'state', 'abandoned', 'owner', ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
end
return 1
