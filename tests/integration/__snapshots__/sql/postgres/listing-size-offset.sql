select "assets"."id", "assets"."archive_id", "assets"."folder_id", "assets"."file_name", "assets"."state", "assets"."failure", "assets"."current_revision", "assets"."doc_type", "assets"."mime", "assets"."extension", "assets"."file_size", "assets"."width", "assets"."height", "assets"."color_space", "assets"."orientation", "assets"."resolution", "assets"."title", "assets"."description", "assets"."tags", "assets"."notes", "assets"."status", "assets"."rating", "assets"."metadata", "assets"."placeholder", "assets"."modified_date", "assets"."iptc_date", "assets"."release_date", "assets"."camera_date", "assets"."position", "assets"."trash_id", "assets"."created_by", "assets"."created_at", "assets"."updated_at"
from "assets"
where 1 = 0
order by assets.file_size desc, assets.id desc
limit $1
offset $2
-- parameters: [26,50]
