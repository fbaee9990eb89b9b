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
package dev.snowflakeid.test.staticapp;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.snowflakeid.IdGenerator;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.annotation.DirtiesContext.ClassMode;

/**
 * The test suite of {@link CatalogApplication}, as an application writes it: several test
 * classes whose properties differ, so Spring caches a context for each side by side, and
 * some with {@code @DirtiesContext}, so their contexts close while others stay open.
 * {@link CatalogSuiteMain} runs it in the order of the classes' {@code @Order}: the first
 * context is dirtied while it is the only one, so the next one starts a successor
 * generator; the others share it. Each test records the IDs it got, its context and its
 * generator.
 */
final class CatalogSuite {

	/** What each test saw, in the order the tests ran. */
	static final List<Seen> seen = new CopyOnWriteArrayList<>();

	private CatalogSuite() {
	}

	static void record(ApplicationContext context, IdGenerator ids) {
		seen.add(new Seen(System.identityHashCode(context), System.identityHashCode(ids), ids.nextIds(100)));
	}

	record Seen(int context, int generator, long[] ids) {
	}

	@SpringBootTest(classes = CatalogApplication.class)
	@Order(2)
	static class Orders {

		@Autowired
		ApplicationContext context;

		@Autowired
		IdGenerator ids;

		@Test
		void issuesIds() {
			record(this.context, this.ids);
		}

	}

	@SpringBootTest(classes = CatalogApplication.class, properties = "catalog.variant=billing")
	@Order(3)
	static class Billing {

		@Autowired
		ApplicationContext context;

		@Autowired
		IdGenerator ids;

		@Test
		void issuesIds() {
			record(this.context, this.ids);
		}

	}

	@SpringBootTest(classes = CatalogApplication.class, properties = "catalog.variant=dirtied")
	@DirtiesContext
	@Order(1)
	static class Dirtied {

		@Autowired
		ApplicationContext context;

		@Autowired
		IdGenerator ids;

		@Test
		void issuesIds() {
			record(this.context, this.ids);
		}

	}

	@SpringBootTest(classes = CatalogApplication.class, properties = "catalog.variant=each")
	@DirtiesContext(classMode = ClassMode.AFTER_EACH_TEST_METHOD)
	@Order(4)
	static class DirtiedAfterEachTest {

		@Autowired
		ApplicationContext context;

		@Autowired
		IdGenerator ids;

		@Test
		void issuesIds() {
			record(this.context, this.ids);
		}

		@Test
		void issuesMoreIds() {
			record(this.context, this.ids);
		}

	}

}
