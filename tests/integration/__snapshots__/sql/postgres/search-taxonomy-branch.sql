select "assets"."id", "assets"."archive_id", "assets"."folder_id", "assets"."file_name", "assets"."state", "assets"."failure", "assets"."current_revision", "assets"."doc_type", "assets"."mime", "assets"."extension", "assets"."file_size", "assets"."width", "assets"."height", "assets"."color_space", "assets"."orientation", "assets"."resolution", "assets"."title", "assets"."description", "assets"."tags", "assets"."notes", "assets"."status", "assets"."rating", "assets"."metadata", "assets"."placeholder", "assets"."modified_date", "assets"."iptc_date", "assets"."release_date", "assets"."camera_date", "assets"."position", "assets"."trash_id", "assets"."created_by", "assets"."created_at", "assets"."updated_at"
from "assets"
where (("assets"."state" = $1
and "assets"."trash_id" is null
and "assets"."archive_id" in ($2))
and assets.search_vector @@ to_tsquery('simple', $3)
and "assets"."archive_id" = $4)
order by assets.id desc
limit $5
-- parameters: ["ready",5002,"(f25fboats | f25fferries | f25fsail <-> f25fboat)",5002,26]
