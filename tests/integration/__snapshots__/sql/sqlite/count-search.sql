select count(*) as "n"
from (select "assets"."id"
from "assets"
where (("assets"."state" = ?
and "assets"."trash_id" is null
and ("assets"."archive_id" in (?)
or ("assets"."archive_id" = ?
and assets.id in (select rowid
from assets_fts
where assets_fts match ?))))
and assets.id in (select rowid
from assets_fts
where assets_fts match ?))
limit ?) as "capped"
-- parameters: ["ready",5000,5001,"\"harbour\"","\"harbour\"",1001]
