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
package dev.snowflakeid.test.app;

import com.jayway.jsonpath.JsonPath;
import dev.snowflakeid.IdGenerator;
import dev.snowflakeid.SnowflakeLayout;
import dev.snowflakeid.lease.StaticWorkerLeaseStore;
import dev.snowflakeid.lease.WorkerLeaseStore;
import dev.snowflakeid.test.autoconfigure.AutoConfigureSnowflake;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The whole application with no Redis (nothing listens on the configured port): the
 * in-memory allocator gives the context a worker code, entities get IDs on insert and the
 * API writes them as strings.
 */
@SpringBootTest
@AutoConfigureSnowflake
@AutoConfigureMockMvc
class OrdersApplicationTests {

	@Autowired
	MockMvc mvc;

	@Autowired
	WorkerLeaseStore store;

	@Autowired
	IdGenerator ids;

	@Test
	void ordersGetIdsFromTheInMemoryAllocator() throws Exception {
		assertThat(this.store).isInstanceOf(StaticWorkerLeaseStore.class);
		MvcResult created = this.mvc
			.perform(post("/orders").contentType(MediaType.APPLICATION_JSON).content("{\"item\":\"book\"}"))
			.andExpect(status().isCreated())
			.andExpect(jsonPath("$.id").isString())
			.andReturn();
		String id = JsonPath.read(created.getResponse().getContentAsString(), "$.id");
		this.mvc.perform(get("/orders/" + id)).andExpect(status().isOk()).andExpect(jsonPath("$.id").value(id));
		long next = this.ids.nextId();
		assertThat(next).isGreaterThan(Long.parseLong(id));
		assertThat(SnowflakeLayout.defaults().decode(next).worker())
			.isEqualTo(SnowflakeLayout.defaults().decode(Long.parseLong(id)).worker());
	}

}
