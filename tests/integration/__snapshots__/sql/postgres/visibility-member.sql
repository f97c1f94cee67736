select "assets"."id"
from "assets"
where ("assets"."state" = $1
and "assets"."trash_id" is null
and ("assets"."archive_id" in ($2)
or ("assets"."archive_id" = $3
and assets.search_vector @@ to_tsquery('simple', $4))))
-- parameters: ["ready",5000,5001,"harbour"]
