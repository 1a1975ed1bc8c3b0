-- Deletes those of the locks that the owner still holds (all KEYS share one hash slot) and, where
-- another executor waits (the contention marker exists), publishes on the lock's release channel.
-- KEYS: two per lock: the lock and its contention marker.
-- ARGV[1]: owner token; ARGV[1 + i]: the release channel of lock i.
-- Returns one flag per lock: 1 when the owner still held it (now deleted), 0 when not (left alone).
local reply = {}
for i = 1, #KEYS, 2 do
  local held = 0
  if redis.call('GET', KEYS[i]) == ARGV[1] then
    redis.call('DEL', KEYS[i])
    if redis.call('EXISTS', KEYS[i + 1]) == 1 then
      redis.call('PUBLISH', ARGV[(i + 1) / 2 + 1], 'released')
    end
    held = 1
  end
  reply[#reply + 1] = held
end
return reply
