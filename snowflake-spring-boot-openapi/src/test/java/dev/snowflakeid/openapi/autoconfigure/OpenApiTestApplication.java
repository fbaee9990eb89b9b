/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.snowflakeid.openapi.autoconfigure;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.stream.LongStream;

import dev.snowflakeid.PublicId;
import dev.snowflakeid.SnowflakeId;
import dev.snowflakeid.persistence.GeneratedSnowflakeId;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * A web application with springdoc-openapi whose API carries IDs in every place a schema
 * can describe: record components, containers, an entity's generated id, path variables,
 * request parameters and request headers; and plain longs in properties, containers,
 * parameters and whole bodies, also inside the wrappers Spring MVC unwraps.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import({ OpenApiTestApplication.ThingController.class, OpenApiTestApplication.TallyController.class })
class OpenApiTestApplication {

	/**
	 * Plain longs in every shape that Jackson writes as strings with
	 * write-all-longs-as-strings, an ID, and integers it writes as numbers.
	 */
	record Tally(long total, Long maybe, long[] samples, Long[] boxed, List<Long> history, Map<String, Long> byKey,
			Optional<Long> last, List<List<Long>> nested, @SnowflakeId long id, int small, List<Integer> smalls) {

		static Tally example() {
			return new Tally(-5, 7L, new long[] { -1, 2 }, new Long[] { 3L }, List.of(4L), Map.of("a", -6L),
					Optional.of(8L), List.of(List.of(9L)), 7349163285118976021L, 10, List.of(11));
		}

	}

	record Thing(@SnowflakeId long id, @SnowflakeId List<Long> related, @SnowflakeId Map<String, Long> byName,
			@SnowflakeId Set<Long> linked, @SnowflakeId Long[] older, @SnowflakeId Optional<Long> parent,
			@SnowflakeId String code, long count, @PublicId long shared) {

		static Thing of(long id) {
			return new Thing(id, List.of(), Map.of(), Set.of(), new Long[0], Optional.empty(), Long.toString(id), 0,
					id);
		}

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
			return Thing.of(id);
		}

		@GetMapping("/shared-things/{id}")
		Thing sharedThing(@PathVariable @PublicId long id) {
			return Thing.of(id);
		}

		@GetMapping("/current-thing")
		Thing currentThing(@RequestHeader("Thing-Id") @SnowflakeId long id,
				@RequestHeader(name = "Shared-Thing-Id", required = false) @PublicId Long shared,
				@RequestHeader(name = "Revision", required = false) Long revision) {
			return Thing.of(id);
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

	@RestController
	static class TallyController {

		@GetMapping("/tallies/{total}")
		Tally tally(@PathVariable long total, @RequestParam(required = false) Long above,
				@RequestHeader(name = "Tally-Base", required = false) Long base) {
			return Tally.example();
		}

		@GetMapping("/tallies")
		List<Long> totals() {
			return List.of(-1L, 9_007_199_254_740_993L);
		}

		@PostMapping("/tallies/sum")
		ResponseEntity<Long> sum(@RequestBody long[] values) {
			return ResponseEntity.ok(LongStream.of(values).sum());
		}

		@GetMapping("/tallies/later")
		CompletableFuture<List<Long>> later() {
			return CompletableFuture.completedFuture(List.of(-2L));
		}

		@GetMapping("/tallies/called")
		Callable<Long> called() {
			return () -> -3L;
		}

		@GetMapping("/tallies/deferred")
		DeferredResult<Long> deferred() {
			DeferredResult<Long> result = new DeferredResult<>();
			result.setResult(-4L);
			return result;
		}

		@GetMapping("/tallies/size")
		int size() {
			return 1;
		}

	}

}
