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
package dev.snowflakeid.test.mybatisapp;

import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface TicketMapper {

	@Update("create table ticket (id bigint primary key, reference char(11), title varchar(100))")
	void createTable();

	@Insert("insert into ticket (id, reference, title) values (#{id}, #{reference}, #{title})")
	int insert(Ticket ticket);

	@Select("select title from ticket where id = #{id}")
	String titleOf(long id);

	@Select("select reference from ticket where id = #{id}")
	String referenceOf(long id);

}
