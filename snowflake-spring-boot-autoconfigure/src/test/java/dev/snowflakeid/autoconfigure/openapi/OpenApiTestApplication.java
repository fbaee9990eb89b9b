package dev.snowflakeid.autoconfigure.openapi;

import java.util.List;
import java.util.Map;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.SnowflakeId;
import dev.snowflakeid.jpa.GeneratedSnowflakeId;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * A web application with springdoc-openapi whose API carries IDs in every place a schema can describe:
 * record components, containers, an entity's generated id, path variables and request parameters.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(OpenApiTestApplication.ThingController.class)
class OpenApiTestApplication {

	record Thing(@SnowflakeId long id, @SnowflakeId List<Long> related, @SnowflakeId Map<String, Long> byName,
			@SnowflakeId String code, long count, @PublicId long shared) {
	}

	static class Ticket {

		@GeneratedSnowflakeId
		private Long id;

		private String title;

		public Long getId() {
			return this.id;
		}

		public String getTitle() {
			return this.title;
		}

	}

	@RestController
	static class ThingController {

		@GetMapping("/things/{id}")
		Thing thing(@PathVariable @SnowflakeId long id) {
			return new Thing(id, List.of(), Map.of(), Long.toString(id), 0, id);
		}

		@GetMapping("/things")
		List<Thing> things(@RequestParam @SnowflakeId Long after, @RequestParam int limit,
				@RequestParam(required = false) @PublicId Long near) {
			return List.of();
		}

		@PostMapping("/tickets")
		Ticket ticket(@RequestBody Ticket ticket) {
			return ticket;
		}

	}

}
