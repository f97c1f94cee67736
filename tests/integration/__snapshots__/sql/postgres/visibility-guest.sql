select "assets"."id"
from "assets"
where 1 = 0
-- parameters: []
